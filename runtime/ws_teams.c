// The league a thread belongs to, for distribute. Without a teams construct the league is one
// team.
#include "ws_impl.h"

void glass_ws_league(glass_thread_t *th, int32_t *nteams, int32_t *team_num) {
  (void)th;
  *nteams = 1;
  *team_num = 0;
}
