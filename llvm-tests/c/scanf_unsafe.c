// Fails when standard input holds 42.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  assert(n != 42);
  return 0;
}
