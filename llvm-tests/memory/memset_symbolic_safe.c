// memset of a length known only at run time clears that many cells.
// verdict: safe
// decided: O0 O2
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[16];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 16) return 0;
  memset(a, 0, n * sizeof(int));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  assert(a[k] == 0);
  return 0;
}
