/* Reversing a string twice gives it back. */
#include <assert.h>
#include <string.h>

static void reverse(char *s) {
  size_t n = strlen(s);
  for (size_t i = 0; i < n / 2; i++) {
    char t = s[i];
    s[i] = s[n - 1 - i];
    s[n - 1 - i] = t;
  }
}

int main(int argc, char **argv) {
  char a[4], b[4];
  if (argc < 2)
    return 1;
  strncpy(a, argv[1], sizeof a - 1);
  a[sizeof a - 1] = 0;
  strcpy(b, a);
  reverse(b);
  reverse(b);
  assert(strcmp(a, b) == 0);
  return 0;
}
