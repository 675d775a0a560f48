// No assertion, no error call: nothing to check (assert.h is included, not used).
#include <assert.h>
#include <stdio.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) s += i;
  printf("%d\n", s);
  return 0;
}
