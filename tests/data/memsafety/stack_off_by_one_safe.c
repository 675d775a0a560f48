/* Fills an array of 10 within its bounds. */
#include <stdio.h>

int main(void) {
  int n, a[10];
  if (scanf("%d", &n) != 1 || n < 1 || n > 10)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = i;
  printf("%d\n", a[0]);
  return 0;
}
