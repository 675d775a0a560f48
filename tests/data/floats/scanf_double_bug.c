#include <assert.h>
#include <stdio.h>

/* A reading between two thresholds: found with the text scanf reads. */
int main(void) {
  double x;
  float t;
  if (scanf("%lf %f", &x, &t) != 2)
    return 0;
  if (x > 100.5 && x < 100.75 && t < -1.5f)
    assert(0);
  return 0;
}
