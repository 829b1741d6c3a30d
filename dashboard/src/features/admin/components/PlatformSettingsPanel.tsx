import { useQuery } from '@tanstack/react-query';
import { defaultSourceLists } from '@core/sources/defaultSourceLists';
import { Card } from '../../../ui/Card';
import { platformSettingsQuery, savePlatformSettingMutationOptions } from '../api/adminApi';
import { useAdminAction } from './useAdminAction';
import { SourceListEditor } from './SourceListEditor';

/** Platform Settings: one editor per source list (the stored ones, plus any default list not stored yet). */
export function PlatformSettingsPanel() {
  const { data: settings, isLoading, isError, error } = useQuery(platformSettingsQuery());
  const save = useAdminAction(
    savePlatformSettingMutationOptions,
    (_, input) => ({ title: 'Settings updated', description: `${input.platform} ${input.settingType} saved.` }),
    'Failed to update settings',
  );

  if (isLoading) return <p className="text-slate-600 dark:text-slate-400">Loading settings...</p>;
  if (isError)
    return (
      <p role="alert" className="text-red-600">
        Could not load platform settings: {error.message}
      </p>
    );

  const stored = settings ?? [];
  const key = (platform: string, settingType: string) => `${platform}/${settingType}`;
  const lists = [
    ...stored.map((s) => ({ platform: s.platform, settingType: s.settingType, values: s.values })),
    ...defaultSourceLists
      .filter((d) => !stored.some((s) => key(s.platform, s.settingType) === key(d.platform, d.settingType)))
      .map((d) => ({ platform: d.platform, settingType: d.settingType, values: [] as string[] })),
  ];

  return (
    <div className="grid gap-4 md:grid-cols-2">
      {lists.map((list) => {
        const defaults =
          defaultSourceLists.find((d) => key(d.platform, d.settingType) === key(list.platform, list.settingType))
            ?.values ?? [];
        const saving =
          save.isPending &&
          save.variables &&
          key(save.variables.platform, save.variables.settingType) === key(list.platform, list.settingType);
        return (
          <Card key={key(list.platform, list.settingType)} className="p-4">
            <SourceListEditor
              platform={list.platform}
              settingType={list.settingType}
              stored={list.values}
              defaults={defaults}
              saving={Boolean(saving)}
              onSave={(values) => save.mutate({ platform: list.platform, settingType: list.settingType, values })}
            />
          </Card>
        );
      })}
    </div>
  );
}
