#ifndef NOTEZ_CYAML_SHIM_H
#define NOTEZ_CYAML_SHIM_H
#include <yaml.h>
#endif
