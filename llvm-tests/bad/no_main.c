// No main function: bad input, exit 2 (unless --entry names another function).
extern void reach_error(void);
int helper(int x) { if (x == 3) reach_error(); return x; }
