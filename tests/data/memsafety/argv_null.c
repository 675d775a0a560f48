/* Reads the first character of the first argument, which may be missing. */
int main(int argc, char **argv) {
  char c = argv[1][0];
  return c == 'a';
}
