// An ordinary C program: assert() is the property. Fails for n == 10.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  assert(s != 45);
  return 0;
}
