// Reads two numbers separated by a comma, then a character.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int a, b;
  if (scanf("%d,%d", &a, &b) != 2) return 0;
  int c = getchar();
  if (a == 3 && b == -2 && c == 'x') assert(0);
  return 0;
}
