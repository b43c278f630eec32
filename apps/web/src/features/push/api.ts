import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, TopicSetting } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

const settingsKey = ['notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(API.notifications.settings, { signal }),
  });
}

/** One topic's three switches: shown at once, put back if the server refuses. */
export function useSaveTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (topic: TopicSetting) => call(API.notifications.saveSettings, { body: { topics: [topic] } }),
    onMutate: async (topic) => {
      await client.cancelQueries({ queryKey: settingsKey });
      const before = client.getQueryData<NotificationSettings>(settingsKey);
      client.setQueryData<NotificationSettings>(
        settingsKey,
        (s) => s && { topics: s.topics.map((t) => (t.topic === topic.topic ? topic : t)) },
      );
      return { before };
    },
    onError: (_error, _topic, context) => client.setQueryData(settingsKey, context?.before),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}
