#include <vterm.h>
