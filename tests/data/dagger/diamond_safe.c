// A diamond before a loop (papers/dagger-refining-abstract-interpretations.txt
// §3): x is 0 or 10, joined at the merge into [0, 10] (any convex domain
// joins them so), which holds 5; the loop after the merge does not touch x.
// DAG refinement finds the merge imprecise for the error x == 5 and splits
// the merge node into one node per predecessor.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x;
  if (__VERIFIER_nondet_int())
    x = 0;
  else
    x = 10;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    n = n - 1;
  assert(x != 5);
  return 0;
}
