/* Copies a string of 14 characters into a buffer of 8. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[8];
  strcpy(buf, "far too long!!");
  printf("%c\n", buf[0]);
  return 0;
}
