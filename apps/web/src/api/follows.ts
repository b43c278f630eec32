import { call } from './client';
import { API } from './contract';
import { noteEngaged } from './engagement';

/** Follow (PUT) or unfollow (DELETE), from a profile, a live stream or the For You feed. */
export const setFollow = (userId: string, follow: boolean) =>
  call(follow ? API.profiles.follow : API.profiles.unfollow, { params: { id: userId } }).then((answer) => {
    if (follow) noteEngaged();
    return answer;
  });
