/* Copies a string of 14 characters into a buffer of 8. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[8];
  strcpy(buf, "far too long!!");
  printf("%s\n", buf);
  return 0;
}
