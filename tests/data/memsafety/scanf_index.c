/* Reads a number into the element of an array the input names. */
#include <stdio.h>

int main(void) {
  int a[4] = {0}, i;
  if (scanf("%d", &i) != 1 || i < 0 || i > 4)
    return 1;
  if (scanf("%d", &a[i]) != 1)
    return 1;
  printf("%d\n", a[0]);
  return 0;
}
