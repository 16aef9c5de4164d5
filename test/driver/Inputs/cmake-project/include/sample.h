#pragma once
#ifndef SAMPLE_SCALE
#error "SAMPLE_SCALE is defined by target_compile_definitions"
#endif
const char *greeting();
