/* The shift stays below the width (and the result fits). */
#include <stdlib.h>

int main(int argc, char **argv) {
  unsigned bits = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
  int x = 1;
  if (bits < 30)
    x = x << bits;
  return x == 0;
}
