/* Copies a string of 5 characters into a buffer of 8. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[8];
  strcpy(buf, "short");
  printf("%c\n", buf[0]);
  return 0;
}
