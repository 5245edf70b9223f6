import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchBlob } from '../api/client';

/**
 * An image the API serves behind the bearer token (icons, screenshots, baselines): fetched with
 * the token and shown from a blob: URL, since an <img> cannot send the header.
 */
export function AuthedImage({
  src,
  alt,
  width,
  height,
  className,
  fallback,
}: {
  src: string;
  alt: string;
  width?: number | string;
  height?: number | string;
  className?: string;
  fallback?: React.ReactNode;
}) {
  const blob = useQuery({
    queryKey: ['blob', src],
    queryFn: () => fetchBlob(src),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (blob.isError) return <>{fallback ?? null}</>;
  if (!url) return <Skeleton width={width ?? 40} height={height ?? 40} />;
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      className={className}
      style={{ objectFit: 'contain', maxWidth: '100%' }}
    />
  );
}
