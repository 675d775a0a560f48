/* C89 style, as old SV-COMP tasks: __VERIFIER_nondet_int() (an input) and
   clamp() are called without a declaration (an error since clang 16). The
   bug: clamp returns 100 when its argument is above 100, and the loop
   reaches it when the input is 91 to 100. */
#include <assert.h>

int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = 0;
  while (n < x) {
    n = clamp(n + 30);
  }
  assert(n != 100);
  return 0;
}

int clamp(int v) { return v > 100 ? 100 : v; }
