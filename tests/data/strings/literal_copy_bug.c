#include <assert.h>
#include <string.h>
int main(void) {
  char a[16];
  strcpy(a, "abc");
  strcat(a, "de");
  assert(strlen(a) != 5);
  return 0;
}
