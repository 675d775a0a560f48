/* Copies at most 7 characters of the first argument into a buffer of 8. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char buf[8];
  if (argc < 2)
    return 1;
  strncpy(buf, argv[1], sizeof buf - 1);
  buf[sizeof buf - 1] = '\0';
  printf("%c\n", buf[0]);
  return 0;
}
