/* Issue 50's program: the average is a double the assertion never reads. */
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 0 || n > 1000) return 0;
  double avg = n / 2.0;
  printf("avg %f\n", avg);
  int s = 0;
  for (int i = 0; i < n; i++) s += 2;
  assert(s == 2 * n);
  return 0;
}
