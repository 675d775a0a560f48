#include <assert.h>
#include <string.h>
/* string.h on a buffer the program fills: strcpy, strlen, strcmp, strchr */
int main(void) {
  char a[16];
  strcpy(a, "abc");
  assert(strlen(a) == 3);
  assert(strcmp(a, "abd") < 0);
  assert(strchr(a, 'c') == a + 2);
  return 0;
}
