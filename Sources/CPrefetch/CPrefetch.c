// The target's one function is inline in include/CPrefetch.h; SwiftPM needs a source file.
#include "CPrefetch.h"
