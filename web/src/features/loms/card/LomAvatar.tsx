import { CameraOutlined } from '@ant-design/icons';
import { LOM_AVATAR_MAX_BYTES, LOM_AVATAR_TYPES, LOM_WRITE_PATHS } from '@monitoring/contracts';
import { Avatar, Button, Tooltip, Upload } from 'antd';
import { isApiError } from '../../../api/api-error.ts';
import { useUploadLomAvatar } from '../../../api/lom-writes.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';

/** Where our uploads are served: the avatar file pattern up to its `:file`. */
const UPLOADED_PREFIX = LOM_WRITE_PATHS.avatarFile.slice(0, LOM_WRITE_PATHS.avatarFile.indexOf(':file'));

/** An avatar address fit for <img>: our own uploads or an http(s) address. */
export function avatarSrc(avatar: string | null): string | undefined {
  if (!avatar) return undefined;
  if (avatar.startsWith(UPLOADED_PREFIX)) return avatar;
  return safeExternalUrl(avatar) ?? undefined;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

interface LomAvatarProps {
  lomId: number;
  name: string;
  avatar: string | null;
  canUpload: boolean;
}

/** The lom's picture (initials without one) and, for an editor, the upload button. */
export function LomAvatar({ lomId, name, avatar, canUpload }: LomAvatarProps) {
  const { message } = useFeedback();
  const upload = useUploadLomAvatar(lomId);
  const src = avatarSrc(avatar);

  const send = (file: File) => {
    if (!(LOM_AVATAR_TYPES as readonly string[]).includes(file.type) || file.size > LOM_AVATAR_MAX_BYTES) {
      message.error(PROFILE_TEXTS.avatarHint);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => void message.success(PROFILE_TEXTS.avatarSaved),
      onError: (error) => {
        if (isApiError(error) && error.status === 400) message.error(error.message);
      },
    });
  };

  return (
    <div className="lom-profile__avatar">
      <Avatar size={96} src={src} alt={PROFILE_TEXTS.avatarAlt(name)}>
        {initials(name)}
      </Avatar>
      {canUpload ? (
        <Upload
          accept={LOM_AVATAR_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            send(file);
            return false;
          }}
        >
          <Tooltip title={PROFILE_TEXTS.avatarHint}>
            <Button size="small" icon={<CameraOutlined />} loading={upload.isPending}>
              {PROFILE_TEXTS.avatarUpload}
            </Button>
          </Tooltip>
        </Upload>
      ) : null}
    </div>
  );
}
