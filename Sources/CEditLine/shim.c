#include "CEditLine.h"
int cel_placeholder(void) { return 0; }
