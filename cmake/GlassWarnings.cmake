# Warnings and code generation shared by every Glass target.
set(GLASS_C_FLAGS -Wall -Wextra -Wno-unused-parameter -Wshadow -Wstrict-prototypes)
# Frame pointers: OMPT frames and sampling profilers walk our frames.
list(APPEND GLASS_C_FLAGS -fno-omit-frame-pointer)
