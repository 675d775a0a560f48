#include <assert.h>
extern int __VERIFIER_nondet_int(void);

static void check(int v) {
  assert(v != 12);
}

static int scale(int x) {
  int y = 3 * x;
  check(y);
  return y;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = scale(a);
  return r > 100;
}
