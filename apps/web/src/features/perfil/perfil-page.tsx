import { Card, Descriptions, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PersonPhoto } from '../../components/person-photo.tsx';
import { terceroLogKeys, useTerceroLog } from '../../lib/api/get-tercero-log.ts';
import { isSupportUser, useSession } from '../../lib/session-store.ts';
import { useShellProfile } from '../../lib/use-shell-profile.ts';
import { CambiarClaveCard } from './cambiar-clave-card.tsx';
import './perfil-page.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

export function PerfilPage() {
  // The support user has no user record, so no password of its own to change.
  const support = isSupportUser(useSession((s) => s.claims));
  return (
    <div className="perfil-pagina">
      <DatosPerfil />
      {support ? null : <CambiarClaveCard />}
    </div>
  );
}

function DatosPerfil() {
  const claims = useSession((s) => s.claims);
  const profile = useShellProfile();
  const tercero = useTerceroLog();
  const queryClient = useQueryClient();
  // The support user has no person record whose photo could change (spec §4).
  const support = isSupportUser(claims);

  if (tercero.isPending) {
    return (
      <Card title="Mi perfil">
        <Skeleton avatar active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (tercero.isError) {
    return (
      <Card title="Mi perfil">
        <ErrorDeCarga titulo="No se pudieron cargar sus datos" onReintentar={() => void tercero.refetch()} />
      </Card>
    );
  }

  const persona = tercero.data;
  const sinDato = 'Sin registrar';
  return (
    <Card title="Mi perfil">
      <div className="perfil">
        <PersonPhoto
          nroId={persona.nro_id}
          nombre={persona.nombre}
          foto={persona.foto}
          disabled={support}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: terceroLogKeys.all })}
        />
        <Descriptions
          column={1}
          bordered
          size="middle"
          className="perfil-datos"
          items={[
            { key: 'nombre', label: 'Nombre', children: persona.nombre },
            { key: 'nro_id', label: 'Documento', children: persona.nro_id || sinDato },
            { key: 'usuario', label: 'Usuario', children: claims?.nombre_usuario ?? '' },
            { key: 'empresa', label: 'Empresa', children: profile.empresa },
            { key: 'email', label: 'Correo', children: persona.email || sinDato },
            { key: 'celular', label: 'Celular', children: persona.celular || sinDato },
            {
              key: 'notificaciones',
              label: 'Notificaciones',
              children: <Link to="/mis-notificaciones">Elegir cómo recibir mis avisos</Link>,
            },
          ]}
        />
      </div>
    </Card>
  );
}
