#include <assert.h>
#include <stdlib.h>
static int inc(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
int main(int argc, char **argv) {
  int k = argc > 1 ? atoi(argv[1]) : 1;
  int x = argc > 2 ? atoi(argv[2]) : 0;
  int (*f)(int) = (k & 1) ? inc : dbl;
  int y = f(x);
  assert(y != 42);
  return 0;
}
