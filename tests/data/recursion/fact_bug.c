#include <assert.h>
#include <stdlib.h>
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(int argc, char **argv) { int n = argc > 1 ? atoi(argv[1]) : 3;
  if (n < 0 || n > 10) return 0; assert(fact(n) != 720); return 0; }
