#include <assert.h>
#include <stdio.h>
#include "config.h"
#include "count.h"

/* Counts up in steps of STEP (count.c) at most CAPACITY * 5 times. */
int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 0 || n > CAPACITY * 5)
    return 1;
  int value = 0;
  for (int i = 0; i < n; i++)
    value = step(value);
  assert(bounded(value));
  printf("%d\n", value);
  return 0;
}
