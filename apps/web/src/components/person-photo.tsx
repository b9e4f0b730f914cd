import { useState } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { PHOTO_CROPPER_PX } from '@predio/contract/constants';
import defaultAvatar from '../assets/default-avatar.svg';
import { fotoUrl } from '../lib/api/get-tercero-log.ts';
import { ImageCropUpload } from './image-crop-upload.tsx';
import './person-photo.css';

type Props = {
  nroId: string;
  nombre: string;
  foto: string | null;
  /** Hides the change button (spec §2: shown only when the parent does not disable it). */
  disabled?: boolean;
  size?: number;
  onChanged?: (nombreArchivo: string) => void;
};

/** A person's photo with the 300 × 300 cropper to change it (spec §2, §9). */
export function PersonPhoto({ nroId, nombre, foto, disabled = false, size = 160, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="person-photo">
      <img
        src={fotoUrl(foto) ?? defaultAvatar}
        alt={`Foto de ${nombre}`}
        width={size}
        height={size}
        className="person-photo-img"
      />
      {disabled ? null : (
        <>
          <Button icon={<CameraOutlined />} onClick={() => setOpen(true)}>
            Cambiar foto
          </Button>
          <ImageCropUpload
            open={open}
            onClose={() => setOpen(false)}
            title="Cambiar foto"
            url="/terceros/SubirFoto"
            field="file"
            params={{ nro_id: nroId }}
            width={PHOTO_CROPPER_PX}
            height={PHOTO_CROPPER_PX}
            onSuccess={(response) => {
              const data = response.data as { nombreArchivo?: unknown } | null;
              const nombreArchivo = data?.nombreArchivo ?? response.nombreArchivo;
              if (typeof nombreArchivo === 'string') onChanged?.(nombreArchivo);
            }}
          />
        </>
      )}
    </div>
  );
}
