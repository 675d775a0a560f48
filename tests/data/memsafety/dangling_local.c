/* Reads a local of a function after it returned. */
#include <stdio.h>

static int *remember(int v) {
  int x = v;
  int *p = &x;
  return p;
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1)
    return 1;
  int *p = remember(n);
  printf("%d\n", *p);
  return 0;
}
