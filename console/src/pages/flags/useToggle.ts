import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, data, type Schemas } from '../../api/client';

type SearchResult = Schemas['searchFeaturesSchema'];
type Feature = Schemas['featureSchema'];

export interface ToggleRequest {
  project: string;
  flag: string;
  environment: string;
  enabled: boolean;
}

/**
 * Turns a flag on or off in one environment. The switch answers at once (every cached search result shows the new
 * state), and goes back with the API's message if the API refuses.
 */
export function useToggle(onError: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, flag, environment, enabled }: ToggleRequest) => {
      const path = { projectId: project, featureName: flag, environment };
      return enabled
        ? data(api.POST('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on', { params: { path } }))
        : data(api.POST('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/off', { params: { path } }));
    },
    onMutate: async (request) => {
      const featureKey = ['feature', request.project, request.flag];
      await queryClient.cancelQueries({ queryKey: ['search'] });
      await queryClient.cancelQueries({ queryKey: featureKey });
      const before = [
        ...queryClient.getQueriesData<SearchResult>({ queryKey: ['search'] }),
        ...queryClient.getQueriesData<Feature>({ queryKey: featureKey }),
      ];
      queryClient.setQueriesData<SearchResult>({ queryKey: ['search'] }, (result) => result && withToggled(result, request));
      queryClient.setQueryData<Feature>(
        featureKey,
        (feature) =>
          feature && {
            ...feature,
            environments: feature.environments.map((env) =>
              env.name === request.environment ? { ...env, enabled: request.enabled } : env,
            ),
          },
      );
      return { before };
    },
    onError: (error, _request, context) => {
      for (const [key, result] of context?.before ?? []) queryClient.setQueryData(key, result);
      onError(error instanceof ApiError ? error.message : String(error));
    },
    onSettled: (_result, _error, request) => {
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: ['feature', request.project, request.flag] });
    },
  });
}

function withToggled(result: SearchResult, { project, flag, environment, enabled }: ToggleRequest): SearchResult {
  return {
    ...result,
    features: result.features.map((feature) =>
      feature.name === flag && feature.project === project
        ? { ...feature, environments: feature.environments.map((env) => (env.name === environment ? { ...env, enabled } : env)) }
        : feature,
    ),
  };
}
