// A shared library that is not an OMPT tool: it defines no ompt_start_tool.
int glass_test_not_a_tool(void) { return 42; }
