// A C syntax error: bad input, exit 2.
int main(void) { return 0
