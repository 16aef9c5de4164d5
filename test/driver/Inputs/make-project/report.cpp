#include <cstdio>
void report(bool ok) { std::printf("%s\n", ok ? "PASS" : "FAIL"); }
