/* A shift by the width of int: undefined for every x. */
#include <stdlib.h>

int main(int argc, char **argv) {
  unsigned bits = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
  int x = 1;
  if (bits <= 32)
    x = x << bits;
  return x == 0;
}
