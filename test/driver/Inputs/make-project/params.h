#pragma once
constexpr int kElements = 512;
constexpr int kBlock = 128;
constexpr float kFactor = 3.0f;
