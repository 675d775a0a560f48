/* Reads a local of a function while it runs. */
#include <stdio.h>

static int twice(int v) {
  int x = v;
  int *p = &x;
  *p = *p * 2 % 1000;
  return *p;
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1)
    return 1;
  printf("%d\n", twice(n));
  return 0;
}
