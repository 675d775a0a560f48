// Issue 49's fill-and-check loop: a[i] = i for i < n <= 10, then every
// a[i] == i. The quantified invariant comes from the `arrays` templates.
// verdict: safe
// decided: O0 O2 (arrays: `∀k ∈ [a, a + i). a[k] = k - a` and after the loop up to `a + n`)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) assert(a[i] == i);
  return 0;
}
