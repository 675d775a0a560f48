// Fill an array in a loop and check it, but the fill stops one cell short
// (off by one): the last cell keeps its initial 0.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100] = { 0 };
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  for (int i = 0; i < n - 1; i++) a[i] = 2 * i;
  for (int i = 0; i < n; i++) assert(a[i] == 2 * i);
  return 0;
}
