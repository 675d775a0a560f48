#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int h0(int x) { return x; }
static int h1(int x) { return x + 1; }
static int h2(int x) { return x * 2; }
static int h3(int x) { return x - 3; }
static int (*const table[4])(int) = {h0, h1, h2, h3};
int main(void) {
  int i = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (i < 0 || i > 3 || x < 0 || x > 100) return 0;
  int y = table[i](x);
  assert(y != 97);
  return 0;
}
