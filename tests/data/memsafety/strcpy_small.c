/* Copies the first argument into a buffer of 8 characters. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char buf[8];
  if (argc < 2)
    return 1;
  strcpy(buf, argv[1]);
  printf("%c\n", buf[0]);
  return 0;
}
