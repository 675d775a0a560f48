#include <assert.h>
#include <stdlib.h>
#include "config.h"

/* Parses a digit string; a value past CAPACITY * 4 is a bug the checks find. */
int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int value = 0;
  for (const char *p = argv[1]; *p >= '0' && *p <= '9' && value < 1000; p++)
    value = value * 10 + (*p - '0');
  assert(value <= CAPACITY * 4 || value > 99);
  return 0;
}
