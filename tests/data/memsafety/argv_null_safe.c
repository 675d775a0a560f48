/* Reads the first character of the first argument, if there is one. */
int main(int argc, char **argv) {
  if (argc < 2)
    return 0;
  char c = argv[1][0];
  return c == 'a';
}
