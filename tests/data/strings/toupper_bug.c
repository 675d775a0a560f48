/* toupper of a lower-case letter: "q" reaches the error. */
#include <assert.h>
#include <ctype.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int c = (unsigned char)argv[1][0];
  if (isalpha(c) && toupper(c) == 'Q' && c != 'Q')
    assert(0);
  return 0;
}
