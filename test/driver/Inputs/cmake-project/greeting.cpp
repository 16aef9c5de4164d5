#include "sample.h"
const char *greeting() { return "checked_app:"; }
