/* The fixed twin of qsort_order_bug.c: sorted in ascending order. The model
 * of qsort is one of its runs, so ufo finds no bug and claims no proof. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static int by_score(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int main(void) {
  int scores[4];
  for (int i = 0; i < 4; i++) scores[i] = __VERIFIER_nondet_int() % 100;
  qsort(scores, 4, sizeof scores[0], by_score);
  for (int i = 0; i + 1 < 4; i++) assert(scores[i] <= scores[i + 1]);
  return 0;
}
